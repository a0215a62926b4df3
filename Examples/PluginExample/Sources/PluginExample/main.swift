import BookshelfClient
import MusubiRuntime
import WeatherClient

// One request of each client, sent through a mock transport: what went out and what came
// back are printed, and the test that builds this package checks them.
let transport = MockTransport()
transport.register(GetBook.self, response: Book(id: 7, title: "Kokoro", author: "Natsume Soseki"))
transport.register(
    GetForecast.self,
    response: Forecast(city: "Kyoto", days: [DailyForecast(highCelsius: 31.5, lowCelsius: 24, sky: .clear)]))

// BookshelfClient was generated at build time by the MusubiGenerator plugin.
let bookshelf = Client(server: .bookshelf.production, transport: transport)
let book = try await bookshelf.send(GetBook(bookID: 7))

// WeatherClient was written by `swift package generate-client` and committed.
let weather = Client(server: .weather.forecasts, transport: transport)
let forecast = try await weather.send(GetForecast(city: "Kyoto", days: 3))

for request in transport.requests {
    print(request.method.rawValue, request.url.absoluteString)
}
print(book.citation)
print("\(forecast.city): \(forecast.days.map { "\($0.sky.rawValue) \($0.highCelsius)" })")
