"""Splendor (seed 001): gem tokens, development cards and nobles, with the Cities-of-Splendor
modules Trading Posts and Strongholds as options (docs/splendor.md)."""
