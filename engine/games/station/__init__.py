"""The station game (seed 004): build a station of modules around a Core, ring by ring."""
