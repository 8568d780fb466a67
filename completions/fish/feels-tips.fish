# fish completion for feels-tips(1). The tip ids, locations, moods and reasons are the service's; a test checks them
# against feels-tipsd.

# The words typed so far that are not options: the command and its arguments.
function __feels_tips_words
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip_value 0
    set -l ended 0
    for word in $words
        if test $skip_value -eq 1
            set skip_value 0
            continue
        end
        if test $ended -eq 0
            switch $word
                case --
                    set ended 1
                    continue
                case --address
                    set skip_value 1
                    continue
                case '-*'
                    continue
            end
        end
        echo $word
    end
end

# True when the words so far are exactly the ones given (the command and the arguments before the cursor).
function __feels_tips_at
    set -l words (__feels_tips_words)
    test (count $words) -eq (count $argv); or return 1
    for i in (seq (count $argv))
        test "$argv[$i]" = '*'; or test "$words[$i]" = "$argv[$i]"; or return 1
    end
end

# True for 'testing show ID...' however many ids are typed already.
function __feels_tips_testing_show
    set -l words (__feels_tips_words)
    test (count $words) -ge 2; and test "$words[1]" = testing; and test "$words[2]" = show
end

set -l tips CustomizeLayoutTip AIInsightsTip SiriShortcutTip HealthKitSyncTip WidgetVotingTip TimeViewTip MoodStreakTip
set -l locations CustomizeContentView InsightsView SettingsContentView DayView

complete -c feels-tips -f
complete -c feels-tips -l json -d 'Print JSON on standard output'
complete -c feels-tips -l address -x -d 'Use the bus at ADDRESS instead of the session bus'
complete -c feels-tips -s y -l yes -d 'Do not ask for confirmation'
complete -c feels-tips -l no-ask -d 'Do not ask for confirmation'
complete -c feels-tips -s h -l help -d 'Show the help, or the command\'s, and exit'
complete -c feels-tips -l version -d 'Print the version and exit'

complete -c feels-tips -n '__feels_tips_at' -a status -d "Show the service's state and the parameters"
complete -c feels-tips -n '__feels_tips_at' -a log -d 'Log a mood'
complete -c feels-tips -n '__feels_tips_at' -a tips -d 'List every tip: id, status, location, displays'
complete -c feels-tips -n '__feels_tips_at' -a show -d 'Show everything about one tip'
complete -c feels-tips -n '__feels_tips_at' -a why -d 'Say why a tip is or is not shown'
complete -c feels-tips -n '__feels_tips_at' -a next -d 'Show the tip the app would present next'
complete -c feels-tips -n '__feels_tips_at' -a invalidate -d 'Invalidate a tip'
complete -c feels-tips -n '__feels_tips_at' -a reset -d 'Reset every tip and parameter (asks first)'
complete -c feels-tips -n '__feels_tips_at' -a watch -d 'Print tip and property changes as they happen'
complete -c feels-tips -n '__feels_tips_at' -a notifications -d 'Turn tip notifications on or off'
complete -c feels-tips -n '__feels_tips_at' -a moods -d 'Export or forget the mood journal'
complete -c feels-tips -n '__feels_tips_at' -a testing -d 'Testing switches (feels-tipsd --testing)'
complete -c feels-tips -n '__feels_tips_at' -a help -d "Show the help, or a command's"

complete -c feels-tips -n '__feels_tips_at log' -a 'horrible bad average good great' -d Mood
complete -c feels-tips -n '__feels_tips_at show; or __feels_tips_at why' -a "$tips" -d Tip
complete -c feels-tips -n '__feels_tips_at next' -a "$locations" -d Location
complete -c feels-tips -n '__feels_tips_at invalidate' -a "$tips" -d Tip
complete -c feels-tips -n "__feels_tips_at invalidate '*'" -a 'action-performed tip-closed' -d Reason
complete -c feels-tips -n '__feels_tips_at notifications' -a 'on off'
complete -c feels-tips -n '__feels_tips_at moods' -a export -d 'Print every mood logged'
complete -c feels-tips -n '__feels_tips_at moods' -a forget -d 'Erase every mood logged (asks first)'
complete -c feels-tips -n '__feels_tips_at testing' -a show-all -d 'Every tip shows'
complete -c feels-tips -n '__feels_tips_at testing' -a show -d 'These tips show'
complete -c feels-tips -n '__feels_tips_at testing' -a hide-all -d 'No tip shows'
complete -c feels-tips -n '__feels_tips_at testing' -a clear -d 'End the testing switches'
complete -c feels-tips -n '__feels_tips_at testing' -a frequency -d 'Set the display frequency'
complete -c feels-tips -n '__feels_tips_testing_show' -a "$tips" -d Tip
complete -c feels-tips -n '__feels_tips_at testing frequency' -a 'immediate hourly daily weekly monthly' -d Frequency
complete -c feels-tips -n '__feels_tips_at help' -a 'status log tips show why next invalidate reset watch notifications moods testing help'
