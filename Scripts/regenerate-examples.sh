#!/usr/bin/env bash
# Regenerates the committed example clients in Examples/ from the specs in Specs/.
# A test (ExampleClientsTests) fails when these files differ from what musubi generates,
# so run this after changing the generator or a template, and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product musubi
musubi="$(swift build --show-bin-path)/musubi"

"$musubi" generate Specs/petstore.yaml --output Examples/PetstoreClient --module-name PetstoreClient
"$musubi" generate Specs/identity.yaml --output Examples/IdentityClient --module-name IdentityClient
"$musubi" generate Specs/uploads.yaml --output Examples/UploadsClient --module-name UploadsClient
"$musubi" generate Specs/parameters.yaml --output Tests/EndToEnd/ParametersClient --module-name ParametersClient
"$musubi" generate Specs/pagination.yaml --output Tests/EndToEnd/PaginationClient --module-name PaginationClient
"$musubi" generate Specs/streaming.yaml --output Examples/StreamsClient --module-name StreamsClient
"$musubi" generate Specs/security.yaml --output Examples/SecurityClient --module-name SecurityClient
"$musubi" generate Specs/petstore.yaml --output Examples/CustomTemplates/CustomTemplatesClient \
    --module-name CustomTemplatesClient --templates Examples/CustomTemplates/templates
# What `swift package generate-client --target WeatherClient` writes in Examples/PluginExample.
"$musubi" generate Examples/PluginExample/Sources/WeatherClient/openapi.yaml \
    --output Examples/PluginExample/Sources/WeatherClient/Generated --module-name WeatherClient
