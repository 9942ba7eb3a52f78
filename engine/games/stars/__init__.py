"""The Girl Who Made the Stars (seed 002): hex star boards filled simultaneously, a night sky
of wood ash, and a shared main board of lit paths, foraging and offerings (docs/stars.md)."""
