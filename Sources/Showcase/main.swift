import Headless

let registration = try await Walkthroughs.registration()
print(registration.text)
print("")
print("== Registration bindings ==")
print(registration.driver.mounted.graph.graph.dump())
registration.driver.unmount()

let search = try await Walkthroughs.search()
print("")
print(search.text)
search.driver.unmount()

let roles = try await Walkthroughs.roles()
print("")
print(roles.text)
roles.driver.unmount()
