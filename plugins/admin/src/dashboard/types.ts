/** GET admin/dashboard (spec 3 §3 Admin dashboard). */
export type TimeChart = { title: string; categories: string[]; series: { name: string; data: number[] }[] };
export type Dashboard = {
  numUsers: number;
  numProjects: number;
  numScenarios: number;
  numScenariosRunning: number;
  avgProjectsPerUser: number;
  avgHrusPerProject: number;
  avgScenariosPerProject: number;
  avgScenarioRunTime: number;
  computedAt: string;
  buildDate: string | null;
  statisticsTimeChart: TimeChart;
};
