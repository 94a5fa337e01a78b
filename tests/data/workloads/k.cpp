// empty kernel file used by fixtures
