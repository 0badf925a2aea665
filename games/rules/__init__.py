"""The rulebooks under docs/ as pages, and two rulebooks compared rule by rule."""
