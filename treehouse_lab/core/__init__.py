"""Mechanisms that several games share: option parsing, a bag of tokens (also a deck of
distinct cards), seating round a table, exact chance sampling and JSON validation."""
