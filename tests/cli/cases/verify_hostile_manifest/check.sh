# Nothing a manifest smuggled in ran: no PWNED file anywhere near.
[[ ! -e $TMP/PWNED && ! -e $INPUT/PWNED && ! -e $TMP/../PWNED ]]
