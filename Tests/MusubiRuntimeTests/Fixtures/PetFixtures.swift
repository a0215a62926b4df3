import Foundation
import MusubiRuntime

// Requests and models shaped like generated code, used by the client tests.

struct Pet: Codable, Hashable, Sendable {
    var id: Int
    var name: String
    var status: PetStatus?
    var born: CalendarDate?
    var createdAt: Date?
}

struct ErrorModel: Codable, Hashable, Sendable {
    var code: Int
    var message: String
}

enum PetStatus: OpenEnum {
    case available
    case pending
    case unknown(String)

    init(rawValue: String) {
        switch rawValue {
        case "available": self = .available
        case "pending": self = .pending
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .available: "available"
        case .pending: "pending"
        case .unknown(let value): value
        }
    }
}

struct ListPets: Request {
    typealias Response = [Pet]
    typealias Failure = ErrorModel
    var limit: Int32?
    var tags: [String]?
    var requestID: String?
    var method: HTTPMethod { .get }
    var path: RequestPath { "/pets" }
    var query: [QueryParameter] { [QueryParameter("limit", limit), QueryParameter("tags", tags)] }
    var headers: [HeaderParameter] { [HeaderParameter("X-Request-ID", requestID)] }
}

struct ShowPet: Request {
    typealias Response = Pet
    typealias Failure = ErrorModel
    var petID: String
    var method: HTTPMethod { .get }
    var path: RequestPath { "/pets/\(petID)" }
}

struct CreatePet: Request {
    typealias Response = Pet
    var body: Pet
    var method: HTTPMethod { .post }
    var path: RequestPath { "/pets" }
    var requestBody: RequestBody? { .json(body) }
}

struct DeletePet: Request {
    typealias Response = NoContent
    var id: Int
    var method: HTTPMethod { .delete }
    var path: RequestPath { "/pets/\(id)" }
}

struct UpdatePet: Request {
    enum Response: Hashable, Sendable {
        case ok(Pet)
        case accepted
    }
    typealias Failure = ErrorModel
    var method: HTTPMethod { .put }
    var path: RequestPath { "/pets" }

    func decodeResponse(_ response: HTTPResponse, coding: Coding) throws -> Response {
        switch response.statusCode {
        case 200: return .ok(try coding.decode(Pet.self, from: response.body))
        case 202: return .accepted
        default: throw UnexpectedStatus()
        }
    }
}

let petJSON = #"{"id":1,"name":"Rex","status":"available","born":"2020-02-29","createdAt":"2024-01-02T03:04:05Z"}"#
let rex = Pet(
    id: 1, name: "Rex", status: .available, born: CalendarDate(year: 2020, month: 2, day: 29),
    createdAt: Date(timeIntervalSince1970: 1_704_164_645)
)
