"""revoke-equity: law-exact revoke rulings with an estimate of the likely result without them.

The top-level import is light: the DDS solver (through endplay) is imported only where it is used.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
