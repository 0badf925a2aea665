"""The OpenAPI schema generates without warnings and is a valid OpenAPI document."""

import pytest
from django.core.management import call_command
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename


@pytest.fixture(scope="module")
def schema_file(tmp_path_factory, django_db_blocker):
    path = tmp_path_factory.mktemp("schema") / "schema.yaml"
    with django_db_blocker.unblock():
        # --fail-on-warn: an unannotated view or filter fails here, as it does in CI.
        call_command("spectacular", "--fail-on-warn", "--file", str(path))
    return path


def test_schema_is_valid_openapi(schema_file):
    spec, _ = read_from_filename(str(schema_file))
    validate(spec)


def test_schema_documents_the_catalogue_search_and_filters(schema_file):
    spec, _ = read_from_filename(str(schema_file))
    parameters = {param["name"] for param in spec["paths"]["/api/cards/"]["get"]["parameters"]}
    assert {"q", "kind", "realm", "cost_min", "cost_max", "spirit", "sort", "page_size"} <= (
        parameters
    )
    assert "/api/realms/{slug}/" in spec["paths"]


def test_schema_endpoint_serves_the_schema(client, db):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/cards/" in response.content


def test_docs_page_loads_its_assets_from_our_own_static_files(client, db):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    assert "cdn." not in html
    assert "https://" not in html
