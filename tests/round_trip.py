"""What the round-trip tests of every game share: names that YAML would read as something else."""

from hypothesis import strategies as st

# Words YAML reads as numbers, booleans, null or syntax unless they are quoted, and other
# scripts: a transcription written by pnp must give each back as the same text.
TRICKY = ("Anna", "1", "07", "yes", "No", "null", "~", "true", "1e3", "a: b", "[x]", "{y}", "- z", "Žofie",
          "Борис", "ستاره", "O'Neil", 'say "hi"', "x # y", "&a", "*b", "!t", "%p", "@q", "`r`")


def names(min_size: int, max_size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(TRICKY), min_size=min_size, max_size=max_size, unique=True)
