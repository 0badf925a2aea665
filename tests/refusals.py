"""A request refused for coming too often, checked the same way wherever it is refused."""


def told_to_wait(response, what: str) -> str:
    """The text of ``response``: a 429 with a Retry-After of some seconds, saying that too
    many ``what`` came in a short time and when to try again."""
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    page = response.content.decode()
    assert f"Too many {what} in a short time: try again in" in page
    return page
