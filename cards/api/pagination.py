"""Page-numbered catalogue lists whose page size a client may choose, within bounds."""

from rest_framework.pagination import PageNumberPagination


class CataloguePagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
