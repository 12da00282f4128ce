"""Rulings as text for a director at the table, and the explanation lines of the JSON ruling."""
