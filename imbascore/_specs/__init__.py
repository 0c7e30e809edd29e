"""One spec per metric, at the bottom of the package (see :mod:`.spec`)."""
