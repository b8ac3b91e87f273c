"""Mechanisms that several games share: option parsing, a bag of tokens (also a deck of
distinct cards), seating round a table, exact chance sampling, JSON validation, action kinds
and vocabularies of card effects (``kinds``), shipped or embedded data sets (``datasets``)
and the SVG markup of clickable parts (``svg``)."""
