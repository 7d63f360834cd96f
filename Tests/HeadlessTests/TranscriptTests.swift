import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct TranscriptTests {
  @Test func eachStepShowsOnlyTheLinesItChangedWithALineOfContext() async throws {
    let model = ProfileViewModel()
    let driver = try ScreenDriver(ProfileScreen(), model: model)
    // The testing guide's example.
    let transcript = Transcript(title: "Profile", driver: driver)
    try await transcript.step("type a name") { try await $0.type("Ada", into: "name") }
    try await transcript.step("tap Save") { try await $0.tap("save") }
    model.showsAdvanced = true
    try await driver.settle()
    transcript.note("the view model shows the advanced section")
    try await transcript.step("settle again") { try await $0.settle() }
    try assertInlineSnapshot(
      of: transcript.text,
      matches: """
        == Profile ==

        VStack #profile
          Label #title text="Profile"
          TextField #name text="" placeholder="Name"
          Toggle #notify title="Notify me" isOn=false
          Button #save title="Save" [disabled]
          VStack #advanced [hidden]
            Button #delete title="Delete account"

        -- 1. type a name
        @@ -2,5 +2,5 @@
           Label #title text="Profile"
        -  TextField #name text="" placeholder="Name"
        +  TextField #name text="Ada" placeholder="Name"
           Toggle #notify title="Notify me" isOn=false
        -  Button #save title="Save" [disabled]
        +  Button #save title="Save"
           VStack #advanced [hidden]

        -- 2. tap Save
        (no change)

        -- 3. the view model shows the advanced section
        @@ -5,3 +5,3 @@
           Button #save title="Save"
        -  VStack #advanced [hidden]
        +  VStack #advanced
             Button #delete title="Delete account"

        -- 4. settle again
        (no change)
        """)
    #expect(transcript.entries.map(\.caption).count == 4)
  }
}
