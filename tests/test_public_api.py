"""The package's public face: ``revoke_equity`` exports the names a program needs, imports none of
them until asked (the top-level import stays light), and the README's library example runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import revoke_equity

ROOT = Path(__file__).parent.parent


def _run(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_top_level_import_loads_none_of_the_heavy_modules() -> None:
    loaded = _run("import sys, revoke_equity\n"
                  "print(sorted(m for m in sys.modules if m.startswith(('revoke_equity.', "
                  "'endplay', 'numpy', 'matplotlib'))))")
    assert loaded.strip() == "[]"


def test_the_command_line_names_its_version_without_numpy_or_dds() -> None:
    """``revoke-equity --version`` imports the command line module and no more than it needs: not
    numpy (the single-dummy estimate's), nor endplay."""
    out = _run("import contextlib, io, sys\n"
               "from revoke_equity.cli import main\n"
               "with contextlib.redirect_stdout(io.StringIO()) as text:\n"
               "    code = main(['--version'])\n"
               "print(code, text.getvalue().split()[0],\n"
               "      sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'endplay'}))")
    assert out.split() == ["0", "revoke-equity", "[]"]


def test_every_public_name_resolves_and_help_lists_it() -> None:
    assert set(revoke_equity.__all__) == {"__version__", *revoke_equity._LAZY}
    for name in revoke_equity.__all__:
        assert getattr(revoke_equity, name) is not None, name
    assert {"rule", "read_path", "EstimateOptions", "Ruling", "Estimate", "default_solver",
            "ESTIMATORS", "Edition"} <= set(revoke_equity.__all__)
    listed = _run("import pydoc, revoke_equity\n"
                  "print(pydoc.render_doc(revoke_equity, renderer=pydoc.plaintext))")
    for name in ("rule", "read_path", "EstimateOptions", "Ruling", "DdsSolver"):
        assert re.search(rf"\b{name}\b", listed), name


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        revoke_equity.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("no AttributeError")


def test_the_readmes_library_example_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Library", 1)[1]
    (code,) = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    out = _run(code)
    promised = re.search(r'# "([^"]+)"', code)
    assert promised and promised.group(1) in out.splitlines()
    assert out.count("Law 64A1") >= 1
