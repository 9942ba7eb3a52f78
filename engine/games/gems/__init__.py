"""Pieces shared by the gem-engine games (`splendor`, `guild`): colours, cards, nobles."""
