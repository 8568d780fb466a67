# fish completion for feels-tips-notifier(1).

complete -c feels-tips-notifier -f
complete -c feels-tips-notifier -l once -d 'Show what is due now, wait a few seconds for the answer, exit'
complete -c feels-tips-notifier -l address -x -d 'Use the bus at ADDRESS instead of the session bus'
complete -c feels-tips-notifier -l version -d 'Print the version and exit'
complete -c feels-tips-notifier -s h -l help -d 'Print the help and exit'
