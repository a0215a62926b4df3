// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/WalkingPages.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/WalkingPages.md", line: 32)
extension ListPets: PaginatedRequest {
    public var pagination: Pagination { .linkHeader }

    public func items(of page: Response) -> [Pet] { page.body }
}
#sourceLocation()
