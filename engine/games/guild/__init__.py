"""Starlight Guild (seed 000): the gem-engine cousin of Splendor with private pouches."""
