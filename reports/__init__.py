"""The HTML and text report templates, installed with the harness as package data."""
