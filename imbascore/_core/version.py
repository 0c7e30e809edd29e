"""The package's version, in one place for the package, its command line and
its study store."""

__version__ = "0.1.0"
