# Run at every build (cmake -P): writes OUTPUT from INPUT with the version and the git commit of SOURCE_DIR.
# configure_file rewrites OUTPUT only when its text changes, so an unchanged commit rebuilds nothing.
#   -DSOURCE_DIR=... -DINPUT=... -DOUTPUT=... -DVERSION=... [-DGIT_EXECUTABLE=...]
set(PLYJUDGE_VERSION "${VERSION}")
set(PLYJUDGE_GIT_COMMIT unknown)
if(GIT_EXECUTABLE)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short HEAD
                  OUTPUT_VARIABLE commit RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT failed AND commit)
    set(PLYJUDGE_GIT_COMMIT "${commit}")
    # Tracked files changed since that commit: the build is not exactly that commit.
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes RESULT_VARIABLE failed ERROR_QUIET)
    if(NOT failed AND changes)
      string(APPEND PLYJUDGE_GIT_COMMIT "-dirty")
    endif()
  endif()
endif()
configure_file("${INPUT}" "${OUTPUT}" @ONLY)
