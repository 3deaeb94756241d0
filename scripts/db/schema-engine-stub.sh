#!/bin/sh
# Stand-in for the Prisma schema engine so `prisma generate` runs offline (generate never uses it).
exit 0
