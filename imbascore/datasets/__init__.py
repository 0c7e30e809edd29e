"""The papers' real datasets, two-class, embedded and checksum-verified."""

from ._loader import CODINGS, DatasetIntegrityError, list_datasets, load_dataset

__all__ = ["CODINGS", "DatasetIntegrityError", "list_datasets", "load_dataset"]
