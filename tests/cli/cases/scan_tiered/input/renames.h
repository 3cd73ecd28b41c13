#pragma once
#define cudaDeviceSynchronize my_device_sync
int my_device_sync(void);
