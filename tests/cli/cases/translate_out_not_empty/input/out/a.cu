old contents, not to be touched
