# --examine writes nothing: no k.cu.hip beside the input.
[[ ! -e $INPUT/k.cu.hip ]] || { echo "FAIL: --examine wrote $INPUT/k.cu.hip"; exit 1; }
