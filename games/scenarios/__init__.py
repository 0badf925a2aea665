"""Named scenarios on the site (M1): the list, a board preview, the API."""
