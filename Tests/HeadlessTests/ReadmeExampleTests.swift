import Foundation
import Headless
import Observation
import Testing

// The README's example, verbatim between the markers; `readmeShowsThisExample` keeps the two
// in step.
// README-EXAMPLE-BEGIN
@MainActor @Observable
final class SignUpViewModel {
  var email = ""
  var agreed = false
  var canSubmit: Bool { email.contains("@") && agreed }

  var submit: Command<Void, Void> {
    .owned(by: self, enabledWhen: { $0.canSubmit }) { _ in }
  }
}

struct SignUpScreen: Screen {
  let email = TextField("email", placeholder: "Email")
  let agree = Toggle("agree", title: "I agree to the terms")
  let submit = Button("submit", title: "Sign up")

  var body: Widget {
    VStack("signUp") {
      email
      agree
      submit
    }
  }

  func bindings(_ vm: SignUpViewModel) -> [BindingDeclaration<SignUpViewModel>] {
    bind(\.email, to: email.text)
    bind(\.agreed, to: agree.isOn)
    command(vm.submit, on: submit)
  }
}
// README-EXAMPLE-END

@MainActor
@Suite struct ReadmeExampleTests {
  // README-TEST-BEGIN
  @Test func signUpEnablesOnceTheFormIsValid() async throws {
    let driver = try ScreenDriver(SignUpScreen(), model: SignUpViewModel())
    try await driver.type("ada@example.com", into: "email")
    try await driver.toggle("agree")
    #expect(
      driver.render() == """
        VStack #signUp
          TextField #email text="ada@example.com" placeholder="Email"
          Toggle #agree title="I agree to the terms" isOn=true
          Button #submit title="Sign up"
        """)
  }
  // README-TEST-END

  @Test func readmeShowsThisExample() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    for marker in ["README-EXAMPLE", "README-TEST"] {
      let block = try #require(excerpt(of: source, between: marker))
      #expect(
        readme.contains(block),
        "README.md must show the \(marker) block of \(here.lastPathComponent) verbatim")
    }
  }

  private func excerpt(of source: String, between marker: String) -> String? {
    guard let start = source.range(of: "// \(marker)-BEGIN\n"),
      let end = source.range(of: "// \(marker)-END", range: start.upperBound..<source.endIndex)
    else { return nil }
    let lines = source[start.upperBound..<end.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false)
    let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }
}
