an older port, not to be overwritten
