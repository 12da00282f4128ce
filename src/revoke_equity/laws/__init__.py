"""Laws 61-64 and 12C as pure functions of the play record; the edition is a parameter.

Nothing here calls the solver or does I/O: double-dummy numbers come in as plain values.
"""
