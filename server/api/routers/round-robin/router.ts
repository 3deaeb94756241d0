import { createTRPCRouter } from "../../trpc";
import { addConnectionProcedure } from "./add-connection";
import { assignLeadProcedure } from "./assign-lead";
import { createPoolProcedure } from "./create-pool";
import { deleteConnectionProcedure } from "./delete-connection";
import { deletePoolProcedure } from "./delete-pool";
import { getPoolProcedure } from "./get-pool";
import { listAssignmentsProcedure } from "./list-assignments";
import { listPoolsProcedure } from "./list-pools";
import { updatePoolProcedure } from "./update-pool";
import { explainRoutingProcedure } from "./explain-routing";
import { previewConnectionProcedure } from "./preview-connection";
import { setParticipantActiveProcedure } from "./set-participant-active";
import { assignmentsChartProcedure, leadRoutingProcedure } from "./dashboard-reads";
import { simulateRotationProcedure } from "./simulate-rotation";
import { getSpeedPolicyProcedure, updateSpeedPolicyProcedure } from "./speed-policy";

export const roundRobinRouter = createTRPCRouter({
  list: listPoolsProcedure,
  create: createPoolProcedure,
  assign: assignLeadProcedure,
  get: getPoolProcedure,
  update: updatePoolProcedure,
  delete: deletePoolProcedure,
  addConnection: addConnectionProcedure,
  deleteConnection: deleteConnectionProcedure,
  assignments: listAssignmentsProcedure,
  setParticipantActive: setParticipantActiveProcedure,
  explain: explainRoutingProcedure,
  previewConnection: previewConnectionProcedure,
  leadRouting: leadRoutingProcedure,
  assignmentsChart: assignmentsChartProcedure,
  speedPolicy: getSpeedPolicyProcedure,
  updateSpeedPolicy: updateSpeedPolicyProcedure,
  simulate: simulateRotationProcedure,
});
