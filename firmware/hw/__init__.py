"""The hardware layer: the only package that imports ``machine``."""
