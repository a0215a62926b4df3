// replaced by generated code
