/// What the interactive session tells a person it takes.
extension InteractiveSession {
  /// What a person can type.
  static var help: String {
    """
    Commands, one a line (lines starting with # are comments; spaces or tabs separate words):
      type <id> <text>      type text at the end of a field
      replace <id> <text>   replace a field's text (nothing after the id empties it)
      tap <id>              tap a button; in a row: tap <list>[<row id>].<id>
      toggle <id>           flip a toggle
      slide <id> <value>    slide a slider (or any adjustable widget) to a value
      step <id> [<steps>]   step a stepper up one step, or by a number of steps: -1 is down
      select <id> <option>  select an option of a segmented control or a picker by its title
      pick <id> <day>       pick a day in a date picker, written 2026-11-23
      scroll <id> <offset>  scroll a scroll view to an offset in points from the top
      focus <id>            give a field or a control the focus, as tapping into it does
      submit <id>           press return in a field: the focus moves on, or the form is sent
      select <row>          select a row of a list, written <list>[<row id>]
      swipe <row> <action>  swipe a row and tap one of its actions, such as delete
      refresh <list>        pull a list down to refresh it
      more <list>           scroll a list to its end to load more
      advance <duration>    move the virtual clock: 300ms, 2s, 1m
      appear | disappear    show or hide the screen (one screen only)
      back                  tap the back button (the app only)
      answer <button>       tap a button of the dialog in front by its title (the app only)
      prompt <text>         answer the prompt in front with text (the app only)
      tab <tabs> <tab>      select a tab of a tab view by its id
      path                  print the app's stacks and tab as a deep-link path (the app only)
      open <path>           restore the app's stacks from a path, as a deep link (the app only)
      render                print the whole tree
      graph                 print the binding graph
      help                  print this list
      help examples         print an example of every command, on the screens it works on
      quit                  end the session (so does the end of the input, Ctrl-D)
    """
  }

  /// An example of every command, screen by screen; each screen's examples work in this order
  /// from its start (a test runs them all).
  static var examples: String {
    """
    Examples of every command, each screen's in order from its start:
      swift run Showcase --interactive registration
        type code 123456
        replace code 654321
        focus password
        type password hunter22
        submit password
        advance 1s
        tap resend
        render
        graph
      swift run Showcase --interactive search
        type query pe
        advance 300ms
        advance 300ms
        replace query
      swift run Showcase --interactive roles
        appear
        advance 1s
        tap reload
        advance 1s
        select roles[courier]
        disappear
        appear
      swift run Showcase --interactive waybills
        appear
        advance 1s
        select waybills[1003]
        swipe waybills[1001] delete
        more waybills
        advance 1s
        refresh waybills
      swift run Showcase --interactive settings
        select theme Dark
        select unit mi
        toggle alerts
        slide volume 0.8
        step radius
        step radius -2
        pick vacation 2026-12-24
        scroll page 120
        type signature Thanks
        type city Be
        submit city
      swift run Showcase --interactive app
        tap register
        tap noCode
        answer Another number
        prompt +1 555 0199
        back
        type password hunter22
        tap signIn
        advance 1s
        tab tabs waybillTab
        path
        open home/fruit:pear
        help
        quit
    """
  }
}
