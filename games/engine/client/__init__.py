"""What a client of the engine reads and sends: the waiting decision with its options
(``decision_view``), actions as JSON (``action_json``), in words (``words``, ``places``)
and in R2 notation (``notation``). Built on the rules; the rules never import it.
"""
