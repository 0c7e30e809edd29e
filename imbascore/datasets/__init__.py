"""The papers' real datasets, two-class, embedded and checksum-verified."""

from ._loader import DatasetIntegrityError, list_datasets, load_dataset

__all__ = ["DatasetIntegrityError", "list_datasets", "load_dataset"]
