# Writes OUT (a header with KWB_GIT_REVISION) from `git rev-parse` in SRC, at
# build time, and only when the revision changed (so nothing rebuilds
# needlessly). Outside git the revision is empty.
execute_process(COMMAND git rev-parse --short=10 HEAD
    WORKING_DIRECTORY "${SRC}" OUTPUT_VARIABLE rev OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND git diff --quiet HEAD
    WORKING_DIRECTORY "${SRC}" RESULT_VARIABLE dirty ERROR_QUIET OUTPUT_QUIET)
if(rev AND dirty EQUAL 1)
    string(APPEND rev "-dirty")
endif()
set(text "#pragma once\n#define KWB_GIT_REVISION \"${rev}\"\n")
if(EXISTS "${OUT}")
    file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
    file(WRITE "${OUT}" "${text}")
endif()
