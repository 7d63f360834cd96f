// Docs/Hosts.md, "Your own screen in a GTK window": an app's whole main.swift, which the guide
// shows line for line. `swift run --package-path Hosts/GTK GTKGreeting` under a display.

import Foundation
import GTKHost
import Headless

guard GTKMainLoop.start() else {
  FileHandle.standardError.write(Data("GTKGreeting needs a display: xvfb-run -a …\n".utf8))
  exit(2)
}
let scheduler = GTKScheduler()
let mounted = try GreetingScreen().mount(on: GreetingModel(), scheduler: scheduler)
mounted.appear()
let host = GTKScreenHost(root: mounted.root!, scheduler: scheduler)
let window = GTKWindow(host: host, title: "Greeting")
window.onClose = {
  mounted.disappear()
  mounted.unmount()
  GTKMainLoop.quit()
}
window.present()
GTKMainLoop.run()
