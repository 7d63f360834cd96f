import Headless

let registration = try await Walkthroughs.registration()
print(registration.text)
print("")
print("== Registration bindings ==")
print(registration.driver.mounted.graph.graph.dump())
registration.driver.unmount()
