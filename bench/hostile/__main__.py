"""``python -m bench.hostile``: the hostile campaign (``bench.hostile.campaign``)."""

from bench.hostile.campaign import main

main()
