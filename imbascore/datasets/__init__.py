"""The papers' real datasets, two-class, embedded and checksum-verified."""

from .._core.public import pin_public_paths
from ._loader import CODINGS, DatasetIntegrityError, list_datasets, load_dataset

__all__ = ["CODINGS", "DatasetIntegrityError", "list_datasets", "load_dataset"]

pin_public_paths(globals(), __all__, __name__)
