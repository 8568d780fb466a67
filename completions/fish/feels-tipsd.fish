# fish completion for feels-tipsd(1).

complete -c feels-tipsd -f
complete -c feels-tipsd -l datastore -r -F -d 'Keep state in PATH'
complete -c feels-tipsd -l display-frequency -x -a 'immediate hourly daily weekly monthly' -d 'How long after a tip first appears before another may'
complete -c feels-tipsd -l address -x -d 'Use the bus at ADDRESS instead of the session bus'
complete -c feels-tipsd -l testing -d "Also serve TipKit's testing switches (org.feels.Tips1.Testing)"
complete -c feels-tipsd -l introspect -d 'Print the interfaces\' XML and exit'
complete -c feels-tipsd -l version -d 'Print the version and exit'
complete -c feels-tipsd -s h -l help -d 'Print the help and exit'
