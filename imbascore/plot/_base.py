"""What every display needs: matplotlib, imported only when drawing."""

__all__ = ["check_matplotlib"]


def check_matplotlib(caller):
    """Return ``matplotlib.pyplot``, or say how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            f'{caller} needs matplotlib: pip install "imbascore[plot]"'
        ) from None
    return plt
