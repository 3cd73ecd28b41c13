// a stand-in for Caffe2 header
