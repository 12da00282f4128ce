"""One ruling: read the play, find the revokes, apply Laws 62-64, estimate the likely result, score.

:func:`rule` (in :mod:`.pipeline`) is the library's main entry point; :class:`Ruling` (in :mod:`.data`)
is what it returns, plain data with its JSON form; :mod:`.explain` writes the explanation steps.
"""

from revoke_equity.ruling.data import FORMAT, Comparison, Ruling, TwelfthTrickCorrection
from revoke_equity.ruling.pipeline import rule

__all__ = ["FORMAT", "Comparison", "Ruling", "TwelfthTrickCorrection", "rule"]
