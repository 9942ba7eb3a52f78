"""The table layer: rooms, seats, credentials, viewing codes and the clock.

It sits between the games and the network, in Python, so that every rule of who may do
what at a networked table is checked by the host's engine and testable without a browser.
"""
